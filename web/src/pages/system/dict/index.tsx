/** 数据字典: its screen has not landed yet; the placeholder names it by the route's alias. */
import { UnderConstruction } from "@/components/UnderConstruction";
import type { PageProps } from "@/lib/page";

export default function SystemDictPage({ alias }: PageProps) {
  return <UnderConstruction alias={alias} />;
}
