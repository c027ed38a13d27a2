/** The signed-in user as the core stores it; the header reads it, the login page refreshes it. */
import { create } from "zustand";
import { displayNickname, getUserInfo, type UserInfo } from "@/lib/core";

interface SessionState {
  user: UserInfo | undefined;
  /** The header's nickname (the core's default when nobody is signed in). */
  nickname: string;
  /** Re-reads the user from the core (after login). */
  refresh: () => void;
}

export const useSessionStore = create<SessionState>()((set) => ({
  user: getUserInfo(),
  nickname: displayNickname(),
  refresh: () => set({ user: getUserInfo(), nickname: displayNickname() }),
}));
