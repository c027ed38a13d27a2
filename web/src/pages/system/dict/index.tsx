/** 数据字典: the generic CRUD table with create and update forms. */
import { DictList } from "@/features/system/dict/DictList";

export default function SystemDictPage() {
  return <DictList />;
}
