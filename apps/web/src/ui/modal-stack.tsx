import {
  createContext,
  use,
  useCallback,
  useMemo,
  useReducer,
  useRef,
  type ComponentType,
  type ReactNode,
} from 'react';
import { backdropKey, modalStackReducer, type ModalAnimationState } from './modal-stack-state';

export type { ModalAnimationState } from './modal-stack-state';

export interface ModalControl<R> {
  visible: boolean;
  animation: ModalAnimationState;
  /** True only for the topmost visible dialog. */
  showBackdrop: boolean;
  hide: (result?: R) => void;
  /** The dialog's own entry or exit animation started / ended (drives show -> idle, hide -> removed). */
  animationStarted: () => void;
  animationEnded: () => void;
}

export interface ModalProps<R> {
  modal: ModalControl<R>;
}

interface ModalStackApi {
  open: <P extends object, R>(
    Component: ComponentType<P & ModalProps<R>>,
    props: P,
  ) => Promise<R | undefined>;
}

const ModalStackContext = createContext<ModalStackApi | null>(null);

/** Dialogs form a stack; closing one removes it and hands its result back to the opener. */
export function ModalStackProvider({ children }: { children: ReactNode }) {
  const [entries, dispatch] = useReducer(modalStackReducer, []);
  const nextKey = useRef(1);
  const resolvers = useRef(new Map<number, (result: unknown) => void>());

  const hide = useCallback((key: number, result: unknown) => {
    const resolve = resolvers.current.get(key);
    if (!resolve) return;
    resolvers.current.delete(key);
    // The opener gets the result as soon as the dialog starts closing; removal follows the animation.
    resolve(result);
    dispatch({ type: 'hide', key });
  }, []);

  const open = useCallback<ModalStackApi['open']>((Component, props) => {
    return new Promise((resolve) => {
      const key = nextKey.current++;
      resolvers.current.set(key, resolve as (result: unknown) => void);
      dispatch({
        type: 'open',
        entry: { key, Component: Component as ComponentType<never>, props },
      });
    });
  }, []);

  const api = useMemo(() => ({ open }), [open]);
  const withBackdrop = backdropKey(entries);

  return (
    <ModalStackContext value={api}>
      {children}
      {entries.map((entry) => {
        const Component = entry.Component as ComponentType<ModalProps<unknown>>;
        const modal: ModalControl<unknown> = {
          visible: entry.visible,
          animation: entry.animation,
          showBackdrop: entry.key === withBackdrop,
          hide: (result) => hide(entry.key, result),
          animationStarted: () => dispatch({ type: 'animationStarted', key: entry.key }),
          animationEnded: () => dispatch({ type: 'animationEnded', key: entry.key }),
        };
        return <Component key={entry.key} {...entry.props} modal={modal} />;
      })}
    </ModalStackContext>
  );
}

export function useModals(): ModalStackApi {
  const api = use(ModalStackContext);
  if (!api) throw new Error('useModals must be used inside <ModalStackProvider>');
  return api;
}
