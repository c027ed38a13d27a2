/** 操作日志: who did what, filterable by operator, operation and time. */
import { AuditList } from "@/features/system/audit/AuditList";

export default function SystemAuditPage() {
  return <AuditList />;
}
