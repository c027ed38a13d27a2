/**
 * 404: the path is not in the user's menu tree. When the core finds it in the system tree, the
 * user is told to ask for access instead.
 */
import { useLocation } from "react-router";
import { ExceptionResult } from "@/components/ExceptionResult";
import { useMenuStore } from "@/stores/menu";

function missingPath(state: unknown): string | undefined {
  if (typeof state !== "object" || state === null) return undefined;
  const { from } = state as { from?: unknown };
  return typeof from === "string" ? from : undefined;
}

export default function NotFoundPage() {
  const location = useLocation();
  const from = missingPath(location.state);
  const inSystemTree = useMenuStore((s) => s.inSystemTree);
  // Subscribe to the tree so the hint appears once it has loaded.
  useMenuStore((s) => s.systemTree);
  const hint =
    from !== undefined && inSystemTree(from) ? "该页面不在您的菜单中，请联系管理员开通" : undefined;
  return <ExceptionResult status="404" hint={hint} />;
}
