/** 首页推荐商家: the shops recommended on the home page, their order and periods. */
import { RecommendList } from "@/features/recommend/RecommendList";

export default function HomeRecommendPage() {
  return <RecommendList />;
}
