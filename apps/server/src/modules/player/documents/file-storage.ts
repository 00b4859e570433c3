import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * The file-storage port for player documents. Keys are made by the server (never a client's
 * file name). The embedded default keeps files on the local disk; an S3-compatible store
 * implements the same three calls.
 */
export interface FileStorage {
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The file's bytes, or null when there is none under that key. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the file; a missing one is not an error. */
  delete(key: string): Promise<void>;
}

/** A new random storage key: 32 hex characters, sharded by its first two. */
export function newStorageKey(): string {
  const name = randomBytes(16).toString("hex");
  return `${name.slice(0, 2)}/${name}`;
}

const KEY = /^[0-9a-f]{2}\/[0-9a-f]{32}$/;

/** Files under a folder (DATA_DIR/uploads), written atomically, readable only by the server. */
export function createLocalFileStorage(root: string): FileStorage {
  const fileOf = (key: string) => {
    // Only server-made keys: nothing can climb out of the folder.
    if (!KEY.test(key)) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
    return path.join(root, key);
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const temporary = `${file}.${randomBytes(4).toString("hex")}.tmp`;
      await writeFile(temporary, bytes, { mode: 0o600, flag: "wx" });
      await rename(temporary, file);
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
