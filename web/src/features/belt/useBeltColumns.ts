/**
 * 产业带's list columns with the province select's options: the provinces belts are in
 * (`belt.regions`, guarded by the 产业带 menu like the screen). Without that menu (or before the
 * answer) the select offers nothing yet; a province from a link still filters.
 */
import { useMemo } from "react";
import { ops, type BeltRow } from "@/lib/generated/ops";
import type { ColumnSpec } from "@/kit/columns";
import { useOpQuery } from "@/kit/queries";
import { useMayManageBelts } from "@/features/belt/access";
import { beltColumns } from "@/features/belt/columns";

export function useBeltColumns(): readonly ColumnSpec<BeltRow>[] {
  const regions = useOpQuery(ops.belt.regions, {}, { enabled: useMayManageBelts(), quiet: true });
  return useMemo(
    () => beltColumns(regions.data?.map((region) => region.province) ?? []),
    [regions.data],
  );
}
