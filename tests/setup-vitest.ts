// Component tests opt into jsdom with `// @vitest-environment jsdom`; matchers are registered for both.
import "@testing-library/jest-dom/vitest";
