import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { logger } from '../../lib/logger';
import { readMenuCollapsed, writeMenuCollapsed } from '../../lib/menu-state';
import { invalidateUserContext } from '../../lib/user-context';
import { saveMenuCollapsed } from './shell-api';

/** Collapsed state: this device's choice first, else the user's preference (menuCollapsed). */
export function useMenuCollapsed(preference: boolean): [boolean, () => void] {
  const [collapsed, setCollapsed] = useState(() => readMenuCollapsed() ?? preference);
  const [seenPreference, setSeenPreference] = useState(preference);
  // A preference changed elsewhere (Settings > Preferences) takes effect at once.
  if (preference !== seenPreference) {
    setSeenPreference(preference);
    setCollapsed(preference);
  }
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: saveMenuCollapsed,
    onSuccess: () => invalidateUserContext(queryClient),
    // Remembered locally anyway; the server copy is only the default for other devices.
    onError: (error) => logger.warn('menu', 'Could not save menuCollapsed preference', error),
  });

  function toggle() {
    const next = !collapsed;
    setCollapsed(next);
    writeMenuCollapsed(next);
    save.mutate(next);
  }

  return [collapsed, toggle];
}
