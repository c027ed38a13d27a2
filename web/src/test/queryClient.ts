/** A fresh query client for one test, with the app's defaults, so a screen reads as in the app. */
import { QueryClient } from "@tanstack/react-query";
import { QUERY_DEFAULTS } from "@/lib/query";

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: QUERY_DEFAULTS });
}
