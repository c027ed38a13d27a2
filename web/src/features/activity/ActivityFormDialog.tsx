/**
 * 新建专题 / 编辑专题: title, a wide banner (cropped to 3:1 in the browser, then uploaded), the
 * description and the period; saved through `activity.save` (with `id` and `version` when
 * editing; a new one is a draft). The core's `activity` form marks and checks the fields; the
 * gateway's refusals (an online activity's end moved into the past, a stale version) show in the
 * dialog, which keeps what was typed.
 */
import { ops, type ActivityRow } from "@/lib/generated/ops";
import { FormDialog } from "@/kit/FormDialog";
import { FormField } from "@/kit/FormField";
import { ImageUpload } from "@/kit/ImageUpload";
import { TimeField } from "@/kit/TimeField";
import { useWrite } from "@/kit/write";

/** The banner's shape: three times as wide as high. */
export const BANNER_ASPECT = 3;

interface ActivityFormValues {
  title: string;
  banner: string;
  description: string;
  startAt?: number;
  endAt?: number;
}

export interface ActivityFormDialogProps {
  /** The activity to edit; none to create one. */
  activity?: ActivityRow;
  /** After the save (its toast and the reads it makes stale are the write's). */
  onSaved: (saved: ActivityRow) => void;
  onCancel: () => void;
}

export function ActivityFormDialog({ activity, onSaved, onCancel }: ActivityFormDialogProps) {
  const save = useWrite(
    ops.activity.save,
    (saved) => `已${activity ? "保存" : "新建"}专题「${saved.title}」`,
  );
  return (
    <FormDialog<ActivityFormValues, ActivityRow>
      title={activity ? `编辑专题「${activity.title}」` : "新建专题"}
      name="activityForm"
      form="activity"
      width={640}
      initialValues={{
        title: activity?.title ?? "",
        banner: activity?.banner ?? "",
        description: activity?.description ?? "",
        startAt: activity?.startAt,
        endAt: activity?.endAt,
      }}
      submit={(v) =>
        save.send({
          ...(activity ? { id: activity.id, version: activity.version } : {}),
          title: v.title,
          banner: v.banner,
          description: v.description,
          startAt: v.startAt ?? 0,
          endAt: v.endAt ?? 0,
        })
      }
      onSaved={onSaved}
      onCancel={onCancel}
    >
      <FormField name="title" />
      <FormField name="banner">
        <ImageUpload label="专题横幅" aspect={BANNER_ASPECT} url={activity?.bannerUrl ?? null} />
      </FormField>
      <FormField name="description" input="textarea" />
      <FormField name="startAt">
        <TimeField />
      </FormField>
      <FormField name="endAt">
        <TimeField />
      </FormField>
    </FormDialog>
  );
}
