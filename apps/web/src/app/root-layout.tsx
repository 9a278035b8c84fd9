import { Outlet, ScrollRestoration } from 'react-router';
import { ModalStackProvider } from '../ui/modal-stack';

/** Inside the router so dialogs can use links and navigation. */
export function RootLayout() {
  return (
    <ModalStackProvider>
      <Outlet />
      <ScrollRestoration />
    </ModalStackProvider>
  );
}
