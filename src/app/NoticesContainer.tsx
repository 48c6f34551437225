import { Notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';

/**
 * Where notices show (top right). Its own module so that App can load it with import(): importing the package
 * itself that way would keep all of it, with its transitions and scroll lock, in the app's entry.
 */
export const NoticesContainer = (): ReactNode => <Notifications position="top-right" />;
