import { Button, Menu } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

export interface TypeMenuProps {
  readonly label: string;
  /** data-testid of the button; each item gets `<testId>-<code>`. */
  readonly testId: string;
  readonly items: readonly { readonly code: string; readonly label: string }[];
  /** Where choosing a type leads. */
  readonly linkOf: (code: string) => string;
}

/** "New …" with one item per type (documents, orders, counts). Nothing when no type may be created. */
export const TypeMenu = ({ label, testId, items, linkOf }: TypeMenuProps): ReactNode => {
  const navigate = useNavigate();
  if (items.length === 0) return null;
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button data-testid={testId}>{label}</Button>
      </Menu.Target>
      <Menu.Dropdown>
        {items.map(({ code, label: itemLabel }) => (
          <Menu.Item key={code} onClick={() => navigate(linkOf(code))} data-testid={`${testId}-${code}`}>
            {itemLabel}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
};
