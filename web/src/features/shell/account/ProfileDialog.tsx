/**
 * 个人设置: the signed-in user's own nickname (the core's system-user rule) and avatar (an image
 * through `file.upload`), saved by `user.updateProfile`. The user it answers is stored through the
 * core, so the header shows the new nickname and avatar at once.
 *
 * The app holds the avatar only as a signed URL (`userInfo.avatar`), never its key: the field
 * starts with that URL, and while it still holds it the save leaves the avatar out (unchanged).
 */
import { FormDialog } from "@/kit/FormDialog";
import { FormField } from "@/kit/FormField";
import { ImageUpload } from "@/kit/ImageUpload";
import { useWrite } from "@/kit/write";
import { validate, type UserInfo } from "@/lib/core";
import { ops, type UpdateProfileParams } from "@/lib/generated/ops";
import { useSessionStore } from "@/stores/session";

interface ProfileValues {
  nickname: string;
  /** A new image's key, or the current avatar's URL (unchanged). */
  avatar: string;
}

export interface ProfileDialogProps {
  /** After a save (toasted, stored) or a cancel. */
  onClose: () => void;
}

export default function ProfileDialog({ onClose }: ProfileDialogProps) {
  const user = useSessionStore((s) => s.user);
  const store = useSessionStore((s) => s.store);
  const save = useWrite(ops.session.updateProfile);
  const shown = user?.avatar ?? "";

  const params = ({ nickname, avatar }: ProfileValues): UpdateProfileParams =>
    avatar === shown ? { nickname } : { nickname, avatar };

  return (
    <FormDialog<ProfileValues, UserInfo>
      title="个人设置"
      name="profileForm"
      form="profile"
      initialValues={{ nickname: user?.nickname ?? "", avatar: shown }}
      validate={(values) => validate("profile", { ...params(values) })}
      submit={(values) => save.send(params(values))}
      onSaved={(saved) => {
        store(saved);
        onClose();
      }}
      onCancel={onClose}
      width={480}
    >
      <FormField name="nickname" />
      <FormField name="avatar">
        <ImageUpload label="头像" aspect={1} url={shown || null} />
      </FormField>
    </FormDialog>
  );
}
