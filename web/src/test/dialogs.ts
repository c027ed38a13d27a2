/**
 * Finds an open antd dialog by its title. Under Vitest (`NODE_ENV=test`) rc-component's `useId`
 * answers the same `test-id` everywhere, so a dialog's `aria-labelledby` can point at another
 * element of the page and its accessible name cannot be trusted there; its title text can.
 */
import { screen, waitFor, within } from "@testing-library/react";

export function findDialog(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = screen
      .queryAllByRole("dialog")
      .find((dialog) => within(dialog).queryByText(title, { selector: ".ant-modal-title" }));
    if (!found) throw new Error(`no dialog titled ${title}`);
    return found;
  });
}
