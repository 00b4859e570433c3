export type ToastType = "success" | "error" | "info" | "warning";

export type ToastInput = {
  type: ToastType;
  title: string;
  description?: string;
  /** An optional link under the text (free-spin alerts link to /profile/bonuses, BN-15). */
  link?: { to: string; label: string };
  /** A small picture beside the text (a free-spin alert's game cover, ER-20). */
  image?: { src: string; alt: string };
  /** ms; default 3000 (AL-04). */
  duration?: number;
};

export type Toast = ToastInput & { id: number; leaving: boolean };

export type ToastApi = {
  show: (toast: ToastInput) => void;
  dismiss: (id: number) => void;
};
