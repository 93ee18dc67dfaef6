import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths, type BrandScreenHandle } from '#config/paths';
import { GLOW_LAB, NORTHWIND, PIXEL_COFFEE } from '#test/brands';
import { renderRoutes } from '#test/render';
import { BrandSwitcher } from './brand-switcher';

const brands = [GLOW_LAB, NORTHWIND, PIXEL_COFFEE];

function Screen() {
  const { brandId } = useParams();
  return (
    <>
      <BrandSwitcher brands={brands} currentBrandId={brandId!} />
      <main id="main" tabIndex={-1}>
        {/* Each brand's screen mounts afresh, as the brand layout does. */}
        <h1 key={brandId}>Showing {brands.find((b) => b.id === brandId)?.name}</h1>
      </main>
    </>
  );
}

function renderSwitcher(path = paths.review.href(GLOW_LAB.id)) {
  return renderRoutes(
    [
      {
        path: paths.review.path,
        element: <Screen />,
        handle: { screen: 'review' } satisfies BrandScreenHandle,
      },
      {
        path: paths.campaigns.path,
        element: <Screen />,
        handle: { screen: 'campaigns' } satisfies BrandScreenHandle,
      },
    ],
    { initialEntry: path },
  );
}

describe('BrandSwitcher', () => {
  it('is a combobox labelled "Brand" showing the current brand', () => {
    renderSwitcher();

    const combobox = screen.getByRole('combobox', { name: 'Brand' });
    expect(combobox).toHaveValue('Glow Lab');
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
  });

  it('filters the brands by what is typed', async () => {
    const user = userEvent.setup();
    renderSwitcher();

    await user.click(screen.getByRole('combobox', { name: 'Brand' }));
    expect(screen.getAllByRole('option')).toHaveLength(3);

    await user.keyboard('north');
    const listbox = screen.getByRole('listbox', { name: 'Brands' });
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Northwind Outdoors']);

    await user.clear(screen.getByRole('combobox', { name: 'Brand' }));
    await user.keyboard('zzz');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(screen.getByText('No brand matches “zzz”.')).toBeVisible();
  });

  it('switches with the keyboard to the same screen of the other brand', async () => {
    const user = userEvent.setup();
    const { router } = renderSwitcher();
    const combobox = screen.getByRole('combobox', { name: 'Brand' });

    await user.tab();
    expect(combobox).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(combobox).toHaveAttribute('aria-expanded', 'true');
    // The current brand is where the list starts.
    expect(screen.getByRole('option', { selected: true })).toHaveTextContent('Glow Lab');

    await user.keyboard('{ArrowDown}');
    const active = screen.getByRole('option', { selected: true });
    expect(active).toHaveTextContent('Northwind Outdoors');
    expect(combobox).toHaveAttribute('aria-activedescendant', active.id);

    await user.keyboard('{Enter}');

    expect(await screen.findByText('Showing Northwind Outdoors')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.review.href(NORTHWIND.id));
    expect(combobox).toHaveValue('Northwind Outdoors');
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    // The new screen's heading takes the focus: the screen's keys act on it, nothing more is
    // typed into the box.
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Showing Northwind Outdoors' })).toHaveFocus(),
    );
    await user.keyboard('a ');
    expect(combobox).toHaveValue('Northwind Outdoors');
    expect(screen.queryByText(/No brand matches/)).toBeNull();
  });

  it('switches by typing and pressing Enter', async () => {
    const user = userEvent.setup();
    const { router } = renderSwitcher(paths.campaigns.href(GLOW_LAB.id));

    await user.click(screen.getByRole('combobox', { name: 'Brand' }));
    await user.keyboard('pixel{Enter}');

    expect(await screen.findByText('Showing Pixel Coffee')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.campaigns.href(PIXEL_COFFEE.id));
  });

  it('switches with a click on an option', async () => {
    const user = userEvent.setup();
    const { router } = renderSwitcher();

    await user.click(screen.getByRole('combobox', { name: 'Brand' }));
    await user.click(screen.getByRole('option', { name: 'Pixel Coffee' }));

    expect(await screen.findByText('Showing Pixel Coffee')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.review.href(PIXEL_COFFEE.id));
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Showing Pixel Coffee' })).toHaveFocus(),
    );
  });

  it('choosing the brand already shown moves the focus to the screen all the same', async () => {
    const user = userEvent.setup();
    renderSwitcher();

    await user.click(screen.getByRole('combobox', { name: 'Brand' }));
    await user.keyboard('{Enter}');

    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Showing Glow Lab' })).toHaveFocus(),
    );
  });

  it('Escape closes the list and restores the current brand', async () => {
    const user = userEvent.setup();
    const { router } = renderSwitcher();
    const combobox = screen.getByRole('combobox', { name: 'Brand' });

    await user.click(combobox);
    await user.keyboard('north');
    await user.keyboard('{Escape}');

    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    expect(combobox).toHaveValue('Glow Lab');
    expect(router.state.location.pathname).toBe(paths.review.href(GLOW_LAB.id));
  });
});
