/** 产业带: industrial belts with their region and shop count; details with their shops. */
import { BeltList } from "@/features/belt/BeltList";

export default function IndustrialBeltPage() {
  return <BeltList />;
}
