import { useEffect } from "react";

/** Sets --vh and --vh-static to 1% of the window height, and again on every resize (ST-08). */
export function setViewportHeightVars(): void {
  const unit = `${window.innerHeight * 0.01}px`;
  document.documentElement.style.setProperty("--vh", unit);
  document.documentElement.style.setProperty("--vh-static", unit);
}

export function ViewportHeight() {
  useEffect(() => {
    setViewportHeightVars();
    window.addEventListener("resize", setViewportHeightVars);
    return () => window.removeEventListener("resize", setViewportHeightVars);
  }, []);
  return null;
}
