/** The home page's figures: the gateway's per-route loader for `home` (`dashboard.stats`'s). */
import { useQuery, type UseQueryResult } from "@tanstack/react-query";
import { expectData, serverLoader } from "@/lib/core";
import { ops, type DashboardStats } from "@/lib/generated/ops";

/** `GET /__serverLoader?route=home` → `data`: `dashboard.stats`'s six KPI figures. */
export type HomeStats = DashboardStats;

export function useHomeStats(): UseQueryResult<HomeStats> {
  return useQuery({
    // Kept under `dashboard.stats`: the loader answers its figures, so the writes that declare
    // `dashboard.stats` stale (a review, a shop's move) refresh the home page too.
    queryKey: [ops.dashboard.stats.api, "serverLoader"],
    queryFn: async () => expectData(await serverLoader("home", window.location.href)) as HomeStats,
  });
}
