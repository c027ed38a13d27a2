/** 403: the user may not open this page. */
import { ExceptionResult } from "@/components/ExceptionResult";

export default function ForbiddenPage() {
  return <ExceptionResult status="403" />;
}
