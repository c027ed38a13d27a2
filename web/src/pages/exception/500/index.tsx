/** 500: the server failed. */
import { ExceptionResult } from "@/components/ExceptionResult";

export default function ServerErrorPage() {
  return <ExceptionResult status="500" />;
}
