import { useEffect, useState } from "react";

/** True while the window is scrolled more than `offset` pixels down (passive listener, no layout reads beyond scrollY). */
export function useScrolledPast(offset: number): boolean {
  const [scrolledPast, setScrolledPast] = useState(false);
  useEffect(() => {
    const update = () => setScrolledPast(window.scrollY > offset);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [offset]);
  return scrolledPast;
}
