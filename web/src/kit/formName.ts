/**
 * A form's name, unique on the page: antd prefixes its fields' ids with it, and the workspace keeps
 * several tabs alive at once (two 店铺详情 tabs draw the same dialogs), so a fixed name would give
 * two fields one id.
 */
import { useId } from "react";

export function useFormName(base: string): string {
  // React's ids carry characters a CSS selector would have to escape.
  return `${base}${useId().replace(/[^A-Za-z0-9_-]/g, "")}`;
}
