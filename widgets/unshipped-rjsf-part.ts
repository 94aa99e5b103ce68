/**
 * Stands in, in the browser's bundle, for the parts of rjsf's default registry that no form of ours
 * uses (vite.config.ts, `leaveOutUnusedRjsfParts`): forms are built by our builders, which name our
 * own widgets, and none has a layout grid, a file, colour, range or rating field, or rjsf's
 * alternative date pickers. Reaching one is a builder's mistake, said loudly.
 */
export default function UnshippedRjsfPart(): never {
  throw new Error("This rjsf field or widget is left out of the browser's bundle (vite.config.ts)");
}
