/**
 * The app's antd theme, light and dark: antd's algorithms with the colours moved where text meets
 * WCAG AA (4.5:1) on the surfaces it sits on. antd's defaults fall short: #1677ff on white is
 * 4.1:1, the tertiary/description grey 3.4:1, the placeholder 1.8:1, and in the dark theme the
 * derived blue is 3.5:1 on the page. The e2e axe scan (tests/e2e/accessibility.spec.ts) and
 * antdTheme.test.ts hold these to it.
 */
import { theme, type ThemeConfig } from "antd";

/**
 * Both modes: 8px between an input and its suffix, so the 14px show-password eye keeps a 24px
 * target free of the text box (WCAG 2.2 target size; antd's 4px leaves 22px). antd derives that
 * gap (inputAffixPadding) from paddingXXS and exposes no token of its own for it.
 */
const Input = { paddingXXS: 8 };

/**
 * Light: a deeper blue and red, so the same colour works as text on white (links, the selected
 * menu entry, danger links, form errors) and as a fill under white text. Hover and press darken
 * rather than pale (antd's paler hover falls under 4.5:1 on a hovered table row).
 */
const LIGHT: ThemeConfig = {
  algorithm: theme.defaultAlgorithm,
  token: {
    colorPrimary: "#0052cc",
    colorPrimaryHover: "#003da6",
    colorPrimaryActive: "#002b80",
    colorInfo: "#0052cc",
    colorLink: "#0052cc",
    colorLinkHover: "#003da6",
    colorLinkActive: "#002b80",
    colorError: "#c41d22",
    colorErrorHover: "#9e1019",
    colorErrorActive: "#780a12",
    // A darker green for the 启用/显示 tags' text, keeping antd's pale green behind it.
    colorSuccess: "#237804",
    colorSuccessBg: "#f6ffed",
    colorSuccessBorder: "#b7eb8f",
    // A darker gold for the warning tags' text (已冻结, 已停用), keeping antd's pale yellow behind
    // it: antd's #faad14 on it is 1.9:1.
    colorWarning: "#874d00",
    colorWarningBg: "#fffbe6",
    colorWarningBorder: "#ffe58f",
    colorTextTertiary: "rgba(0, 0, 0, 0.6)",
    colorTextDescription: "rgba(0, 0, 0, 0.6)",
    colorTextPlaceholder: "rgba(0, 0, 0, 0.55)",
  },
  components: { Input },
};

/**
 * Dark: no colour reaches 4.5:1 both as text on the near-black page and under white text, so the
 * blue and red are light (text on the page) and solid buttons carry black text on them instead of
 * white. The selected menu entry's background is darkened to keep its blue text readable.
 */
const DARK: ThemeConfig = {
  algorithm: theme.darkAlgorithm,
  token: {
    colorPrimary: "#69b1ff",
    colorInfo: "#69b1ff",
    colorPrimaryBg: "#111d2c",
    colorLink: "#69b1ff",
    colorLinkHover: "#85b8e8",
    colorLinkActive: "#5c99dc",
    colorError: "#ff7875",
    // antd's pressed shade would drop the black label of a solid danger button to 4.2:1.
    colorErrorActive: "#c4605d",
    colorTextTertiary: "rgba(255, 255, 255, 0.6)",
    colorTextDescription: "rgba(255, 255, 255, 0.6)",
    colorTextPlaceholder: "rgba(255, 255, 255, 0.5)",
  },
  components: {
    Input,
    Button: { primaryColor: "#000000", dangerColor: "#000000" },
  },
};

/**
 * Without motion: for an operator whose system asks for less motion (WCAG 2.3.3), dialogs,
 * menus, popups and toasts appear and leave at once instead of zooming and sliding. antd's
 * `motion` token switches off every rc-motion animation it drives.
 */
const still = (config: ThemeConfig): ThemeConfig => ({
  ...config,
  token: { ...config.token, motion: false },
});
const LIGHT_STILL = still(LIGHT);
const DARK_STILL = still(DARK);

/**
 * The theme for light or dark mode, moving or still. The four are built once: antd derives its
 * tokens again whenever the theme object changes.
 */
export function antdTheme(dark: boolean, reducedMotion = false): ThemeConfig {
  if (reducedMotion) return dark ? DARK_STILL : LIGHT_STILL;
  return dark ? DARK : LIGHT;
}
