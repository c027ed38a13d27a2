import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState, type ReactElement } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ops } from "@/lib/generated/ops";
import { ImageUpload } from "@/kit/ImageUpload";
import { fail, fakeGateway, ok, type FakeGateway } from "@/test/gateway";
import { renderRouted } from "@/test/renderRouted";

// The crop modal draws on a canvas, which happy-dom does not draw; the browser stories crop.
vi.mock("antd-img-crop", () => ({
  default: ({ children }: { children: ReactElement }) => children,
}));

let gateway: FakeGateway;
const PNG = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "banner.png", {
  type: "image/png",
});

function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error("no file input");
  return input;
}

describe("ImageUpload", () => {
  beforeEach(() => {
    gateway = fakeGateway();
  });

  it("uploads the picked image as base64 and makes its key the value, previewed from the signed URL", async () => {
    gateway.answer(ops.file.upload, ok({ key: "img/abc.png", url: "/files/img/abc.png?sig=1" }));
    const onChange = vi.fn();
    // As a form holds it: the value is what the control last reported.
    function Field() {
      const [value, setValue] = useState<string>();
      return (
        <ImageUpload
          label="广告图片"
          value={value}
          onChange={(key) => {
            onChange(key);
            setValue(key);
          }}
        />
      );
    }
    renderRouted(<Field />);
    await userEvent.upload(fileInput(), PNG);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith("img/abc.png"));
    expect(gateway.calls(ops.file.upload)).toEqual([{ name: "banner.png", content: "iVBORw==" }]);
    expect(await screen.findByRole("img", { name: "广告图片" })).toHaveAttribute(
      "src",
      "/files/img/abc.png?sig=1",
    );
    expect(screen.getByRole("button", { name: /更换广告图片/ })).toBeInTheDocument();
  });

  it("says why an upload was refused and keeps the image there was", async () => {
    gateway.answer(ops.file.upload, fail("param_invalid", "图片不能超过 2 MB"));
    const onChange = vi.fn();
    renderRouted(
      <ImageUpload label="专题横幅" value="old.png" url="/files/old.png" onChange={onChange} />,
    );
    await userEvent.upload(fileInput(), PNG);
    expect(await screen.findByRole("alert")).toHaveTextContent("图片不能超过 2 MB");
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole("img", { name: "专题横幅" })).toHaveAttribute("src", "/files/old.png");
  });
});
