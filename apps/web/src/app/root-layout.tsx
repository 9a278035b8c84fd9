import { Outlet, ScrollRestoration } from 'react-router';
import { ModalStackProvider } from '../ui/modal-stack';
import { FeedbackWidget } from './feedback-widget';

/** Inside the router so dialogs can use links and navigation. */
export function RootLayout() {
  return (
    <ModalStackProvider>
      <Outlet />
      <ScrollRestoration />
      <FeedbackWidget />
    </ModalStackProvider>
  );
}
