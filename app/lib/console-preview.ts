/**
 * The console's preview (/console/settings/:kind/preview): which member screens it shows for each
 * configuration (schemas/console-preview-screens.ts), at a phone's and a desktop's width, in both
 * languages, and where each frame's document is.
 */
export {
  isPreviewScreen,
  PREVIEW_SCREENS,
  PREVIEW_SCREENS_OF,
  type PreviewScreen,
} from "../../schemas/console-preview-screens.ts";

import type { PreviewScreen } from "../../schemas/console-preview-screens.ts";

export const PREVIEW_WIDTHS = [375, 1280] as const;
export type PreviewWidth = (typeof PREVIEW_WIDTHS)[number];

/** Where the preview document of a screen is: the draft's, or the version in force's; for one subject (a client). */
export function previewDocumentPath(
  kind: string,
  screen: PreviewScreen,
  of: "draft" | "inForce",
  language: string,
  subject?: string,
): string {
  const query = new URLSearchParams({ of, lng: language, ...(subject ? { subject } : {}) });
  return `/console/settings/${kind}/preview/${screen}?${query}`;
}
