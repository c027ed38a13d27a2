/** The home page's figures: the gateway's per-route loader for `home` (`dashboard.stats`'s). */
import { useQuery, type UseQueryResult } from "@tanstack/react-query";
import { expectData, serverLoader } from "@/lib/core";

/** `GET /__serverLoader?route=home` → `data`: the six KPI figures. */
export interface HomeStats {
  shops: number;
  newShopsToday: number;
  productsOnSale: number;
  pendingShops: number;
  pendingOpportunities: number;
  inquiriesToday: number;
}

export function useHomeStats(): UseQueryResult<HomeStats> {
  return useQuery({
    queryKey: ["serverLoader", "home"],
    queryFn: async () => expectData(await serverLoader("home", window.location.href)) as HomeStats,
  });
}
