/**
 * The product runs on Node 24 LTS, which `npm install` brings into node_modules/.bin (the `node`
 * package); npm scripts put that folder first on PATH. Started any other way on an older Node, stop
 * at once with the way to run it rather than fail later in a library that needs Node 22+.
 */
export const requiredNodeMajor = 24;

/** The message to stop with on `version` (e.g. "20.20.2"), or null when it is new enough. */
export function nodeVersionProblem(version: string): string | null {
  const major = Number(version.split(".")[0]);
  if (major >= requiredNodeMajor) return null;
  return (
    `This server needs Node ${requiredNodeMajor} or newer; this is Node ${version}.\n` +
    `  Run it through npm, which uses the Node ${requiredNodeMajor} that \`npm install\` put in node_modules/.bin:\n` +
    "    npm install && npm start        (or npm run dev)"
  );
}

const problem = nodeVersionProblem(process.versions.node);
if (problem) {
  console.error(`\n✖ ${problem}\n`);
  process.exit(1);
}
