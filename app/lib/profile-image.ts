/**
 * The browser's half of a profile picture (spec §5 Profile image): a JPEG, PNG or GIF file,
 * cropped to its centred square and scaled to 200×200 on a canvas, as the data URL that
 * POST /zapi/account/profile-image takes. The server checks and re-encodes it again.
 */
export const PROFILE_IMAGE_SIZE = 200;
export const PROFILE_IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif"] as const;
/** A file larger than this is refused before it is read: no phone photo needs more. */
export const MAX_SOURCE_FILE_BYTES = 20 * 1024 * 1024;

export type ProfileImageFileProblem = "type" | "size" | "unreadable";

/** The centred square of a width × height picture, as canvas drawImage's source rectangle. */
export function centredSquare(width: number, height: number): { x: number; y: number; side: number } {
  const side = Math.min(width, height);
  return { x: Math.floor((width - side) / 2), y: Math.floor((height - side) / 2), side };
}

/** Why this file cannot be a profile picture, or null. */
export function fileProblem(file: Pick<File, "type" | "size">): ProfileImageFileProblem | null {
  if (!(PROFILE_IMAGE_TYPES as readonly string[]).includes(file.type)) return "type";
  if (file.size > MAX_SOURCE_FILE_BYTES) return "size";
  return null;
}

/** The file as a 200×200 data URL: JPEG stays JPEG, PNG and GIF (maybe transparent) become PNG. */
export async function toProfileImageDataUrl(file: File): Promise<string> {
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const { x, y, side } = centredSquare(image.naturalWidth, image.naturalHeight);
    if (side === 0) throw new Error("empty image");
    const canvas = document.createElement("canvas");
    canvas.width = PROFILE_IMAGE_SIZE;
    canvas.height = PROFILE_IMAGE_SIZE;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no canvas");
    context.imageSmoothingQuality = "high";
    context.drawImage(image, x, y, side, side, 0, 0, PROFILE_IMAGE_SIZE, PROFILE_IMAGE_SIZE);
    return file.type === "image/jpeg" ? canvas.toDataURL("image/jpeg", 0.9) : canvas.toDataURL("image/png");
  } finally {
    URL.revokeObjectURL(url);
  }
}
