import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { aisleStorage } from './storage';

interface UiState {
  /** Navbar shown on wide screens. */
  menuOpen: boolean;
  /** Navbar shown on narrow screens (not persisted; closed on navigation). */
  mobileMenuOpen: boolean;
  /** Link of the last menu position the user was on. */
  lastActiveLink: string | null;
  darkMode: boolean;
  /** Dense navbar (on by default). */
  compactMenu: boolean;
  /** Items only, no section headers. */
  simplifiedMenu: boolean;
  /** Keys of the menu sections the user folded. */
  collapsedSections: string[];
  /** The language the user chose (null: not chosen yet, the browser locale decides). */
  language: string | null;
  toggleMenu: () => void;
  toggleMobileMenu: () => void;
  closeMobileMenu: () => void;
  setLastActiveLink: (link: string) => void;
  toggleDarkMode: () => void;
  toggleCompactMenu: () => void;
  toggleSimplifiedMenu: () => void;
  toggleSection: (key: string) => void;
  setLanguage: (language: string) => void;
}

export const useUiStore = create<UiState>()(
  persist(
    (set) => ({
      menuOpen: true,
      mobileMenuOpen: false,
      lastActiveLink: null,
      darkMode: false,
      compactMenu: true,
      simplifiedMenu: false,
      collapsedSections: [],
      language: null,
      toggleMenu: () => set((s) => ({ menuOpen: !s.menuOpen })),
      toggleMobileMenu: () => set((s) => ({ mobileMenuOpen: !s.mobileMenuOpen })),
      closeMobileMenu: () => set({ mobileMenuOpen: false }),
      setLastActiveLink: (lastActiveLink) => set({ lastActiveLink }),
      toggleDarkMode: () => set((s) => ({ darkMode: !s.darkMode })),
      toggleCompactMenu: () => set((s) => ({ compactMenu: !s.compactMenu })),
      toggleSimplifiedMenu: () => set((s) => ({ simplifiedMenu: !s.simplifiedMenu })),
      toggleSection: (key) =>
        set((s) => ({
          collapsedSections: s.collapsedSections.includes(key)
            ? s.collapsedSections.filter((k) => k !== key)
            : [...s.collapsedSections, key],
        })),
      setLanguage: (language) => set({ language }),
    }),
    {
      name: 'aisle-ui',
      storage: aisleStorage,
      version: 1,
      partialize: ({ mobileMenuOpen: _mobile, ...rest }) => rest,
    },
  ),
);
