import { useEffect, useState } from 'react';

export interface ElementBox {
  width: number;
  height: number;
}

/** The content box of `element`, kept up to date as it resizes; zero until measured. */
export function useElementBox(element: HTMLElement | null): ElementBox {
  const [box, setBox] = useState<ElementBox>({ width: 0, height: 0 });

  useEffect(() => {
    if (!element) return undefined;
    const measure = () => {
      const { clientWidth, clientHeight } = element;
      const style = getComputedStyle(element);
      const width = clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const height = clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
      setBox((previous) =>
        previous.width === width && previous.height === height ? previous : { width, height },
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);

  return box;
}
