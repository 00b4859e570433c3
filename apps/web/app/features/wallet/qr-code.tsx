import { useEffect, useState } from "react";

/** Spec §9: QR code width 176. */
export const QR_SIZE = 176;

/**
 * A QR code image of `payload`, 176 px wide, drawn by the `qrcode` package, which loads only
 * when a QR is first shown.
 */
export function QrCode({ payload, label }: { payload: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setSrc(null);
    void import("qrcode")
      .then((qrcode) => qrcode.toDataURL(payload, { width: QR_SIZE, margin: 1 }))
      .then((url) => {
        if (live) setSrc(url);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [payload]);
  return (
    <div className="wallet-qr" data-qr-payload={payload}>
      {src ? (
        <img src={src} width={QR_SIZE} height={QR_SIZE} alt={label} />
      ) : (
        <span className="wallet-qr__placeholder" role="img" aria-label={label} aria-busy="true" />
      )}
    </div>
  );
}
