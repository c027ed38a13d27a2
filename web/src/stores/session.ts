/**
 * The signed-in user as the core stores it (`userInfo`): the header reads it, the login page and
 * the account dialogs refresh it. At start it is read again through `user.current` (`load`): a
 * stored user that cannot be read (missing, broken JSON) would otherwise mean no access at all,
 * and a stored avatar is a signed URL that expires.
 */
import { create } from "zustand";
import {
  callData,
  clearSession,
  displayNickname,
  getUserInfo,
  setUserInfo,
  type UserInfo,
} from "@/lib/core";
import { ops } from "@/lib/generated/ops";

/** The router state the app goes to the sign-in page with when the gateway ended the session. */
export interface LoginNotice {
  /** Why, shown above the sign-in form (the lock's message). */
  notice: string;
}

interface SessionState {
  user: UserInfo | undefined;
  /** The header's nickname (the core's default when nobody is signed in). */
  nickname: string;
  /** The user was read from the gateway since the page loaded (or signed in on it). */
  fresh: boolean;
  /** Re-reads the user from the core (after login: fresh from the gateway). */
  refresh: () => void;
  /** Stores the user the gateway answered through the core (the header shows it at once). */
  store: (user: UserInfo) => void;
  /**
   * Reads the user from the gateway once per page load. Awaited only when no readable user is
   * stored (the menu waits for it, and fails with it); otherwise it refreshes in the background
   * and a failure keeps the stored user.
   */
  load: () => Promise<void>;
  /**
   * Reads the user from the gateway again, whenever: after a write that may have changed their
   * roles, and so their menus and the action codes (`perms`) the UI shows actions by.
   */
  reread: () => Promise<void>;
  /** The header's avatar at `url` failed to load (expired): read the user again, once per URL. */
  renew: (url: string) => void;
  /** The session ended here (the gateway ended it): forget it locally. */
  end: () => void;
}

const read = () => ({ user: getUserInfo(), nickname: displayNickname() });
/** Avatar URLs already renewed: an image that still fails is not asked about again. */
const renewed = new Set<string>();

export const useSessionStore = create<SessionState>()((set, get) => {
  const fetchUser = async () => {
    get().store(await callData(ops.session.current, {}));
  };
  return {
    ...read(),
    fresh: false,
    refresh: () => set({ ...read(), fresh: true }),
    store: (user) => {
      setUserInfo(user);
      get().refresh();
    },
    load: async () => {
      if (get().fresh) return;
      if (getUserInfo() === undefined) return fetchUser();
      fetchUser().catch(() => undefined);
    },
    reread: fetchUser,
    renew: (url) => {
      if (renewed.has(url) || url !== get().user?.avatar) return;
      renewed.add(url);
      fetchUser().catch(() => undefined);
    },
    end: () => {
      clearSession();
      set({ ...read(), fresh: false });
    },
  };
});
