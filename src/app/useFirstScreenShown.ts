import { useEffect, useState } from 'react';
import { afterFirstScreen } from '../state/firstScreen';

/**
 * False until the page's first screen is up and the browser idle (afterFirstScreen): parts of the frame nobody needs
 * to see the screen (header toggles and menus, the notifications' container) render then, so their code is not in the
 * first load and does not compete with the screen's own chunks on a slow network.
 */
export const useFirstScreenShown = (): boolean => {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let live = true;
    void afterFirstScreen().then(() => {
      if (live) setShown(true);
    });
    return () => {
      live = false;
    };
  }, []);
  return shown;
};

/** True from the first render where `wanted` is: a drawer's code loads when first opened and stays for its closing. */
export const useOnceTrue = (wanted: boolean): boolean => {
  const [was, setWas] = useState(wanted);
  useEffect(() => {
    if (wanted) setWas(true);
  }, [wanted]);
  return was || wanted;
};
