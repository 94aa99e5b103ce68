/**
 * Serving the build is production: React, React Router and every library read NODE_ENV when they are
 * first loaded, so this module is imported by server/main.ts before anything else that loads them.
 * Development mode is only `npm run dev` (`--dev`, served through Vite).
 */
if (!process.argv.includes("--dev")) process.env.NODE_ENV = "production";
