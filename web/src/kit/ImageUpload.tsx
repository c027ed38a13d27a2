/**
 * An image field: the picked image is cropped in the browser to the place's aspect ratio
 * (antd-img-crop), sent through `file.upload` (the gateway reads the type from the bytes and
 * keeps at most 2 MB) and previewed from the signed URL it answers. The form value is the stored
 * key, which the record saves; a refused upload says why under the control and keeps the image
 * there was.
 */
import { UploadOutlined } from "@ant-design/icons";
import { Button, Flex, Image, Typography, Upload } from "antd";
import ImgCrop, { type ImgCropProps } from "antd-img-crop";
import { useState } from "react";
import { cspNonce } from "@/components/AntdBase";
import { ops } from "@/lib/generated/ops";
import { useWrite } from "@/kit/write";

export interface ImageUploadProps {
  /** The stored image's key (the form value). */
  value?: string;
  onChange?: (key: string) => void;
  /** What the image is (`广告图片`): the button's and the preview's accessible name. */
  label: string;
  /** Width ÷ height to crop to (a slot's size); free when absent. */
  aspect?: number;
  /** A signed URL of the current image, when editing. */
  url?: string | null;
  id?: string;
}

/** The file's bytes as base64, the way `file.upload` takes them. */
function base64Of(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === "string" ? reader.result : "";
      resolve(url.slice(url.indexOf(",") + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error("读取图片失败"));
    reader.readAsDataURL(file);
  });
}

/**
 * react-easy-crop injects its stylesheet when the cropper opens; the page's CSP admits it only
 * with the nonce. antd-img-crop types `cropperProps` as if every prop of the cropper were
 * required, but the cropper's own defaults fill the rest.
 */
const cropperProps = { nonce: cspNonce() } as ImgCropProps["cropperProps"];

export function ImageUpload({ value, onChange, label, aspect, url, id }: ImageUploadProps) {
  const [preview, setPreview] = useState<string | null>(url ?? null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string>();
  // Stored as the form's value; the form's save is what the operator sees succeed.
  const store = useWrite(ops.file.upload, "");

  async function upload(file: File) {
    setUploading(true);
    setProblem(undefined);
    try {
      const content = await base64Of(file);
      const stored = await store.send({ name: file.name, content });
      setPreview(stored.url);
      onChange?.(stored.key);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setUploading(false);
    }
  }

  const shown = value ? preview : null;
  return (
    <Flex vertical gap={8} align="flex-start">
      {shown ? (
        <Image
          src={shown}
          alt={label}
          height={96}
          style={{ objectFit: "contain", maxWidth: 320 }}
        />
      ) : null}
      <ImgCrop
        aspect={aspect}
        quality={0.9}
        modalTitle={`裁剪${label}`}
        modalOk="确定"
        modalCancel="取消"
        rotationSlider
        showReset
        resetText="重置"
        cropperProps={cropperProps}
      >
        <Upload
          accept="image/png,image/jpeg,image/webp,image/gif"
          showUploadList={false}
          customRequest={({ file }) => {
            if (file instanceof File) void upload(file);
          }}
        >
          <Button id={id} icon={<UploadOutlined />} loading={uploading}>
            {value ? `更换${label}` : `上传${label}`}
          </Button>
        </Upload>
      </ImgCrop>
      {problem ? (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
