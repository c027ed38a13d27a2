/** The home page's figures: the gateway's per-route loader for `home`. */
import { useQuery, type UseQueryResult } from "@tanstack/react-query";
import { expectData, serverLoader } from "@/lib/core";

/** `GET /__serverLoader?route=home` → `data`. */
export interface HomeStats {
  sysUsers: number;
  roles: number;
  menus: number;
  auditToday: number;
  loginsToday: number;
}

export function useHomeStats(): UseQueryResult<HomeStats> {
  return useQuery({
    queryKey: ["serverLoader", "home"],
    queryFn: async () => expectData(await serverLoader("home", window.location.href)) as HomeStats,
  });
}
