// Scan button of a code field (the phone link's offer on "Join a table", join.mjs; the phone's
// answer on a table page, link-gm.mjs): pressed, it shows the camera and puts the first QR code it
// reads in the field; pressed again, it stops. The camera's code (scan.mjs) loads at the first press.

/** @type {WeakMap<HTMLVideoElement, { stop: () => void }>} the scans going on, by the video showing them */
const going = new WeakMap();

/**
 * @typedef {object} ScanWords what the page says, and does with what it read
 * @property {(text: string) => void} say writes the page's status line
 * @property {string} aim said while the camera looks ("Point the camera at …")
 * @property {string} instead said after why the camera could not be used ("type … instead.")
 * @property {(text: string) => Promise<void>} read takes the code read (after it is put in the field)
 */

/** Start a scan into `field`, shown in `video`, or stop the one going on.
 * @param {HTMLVideoElement} video @param {HTMLTextAreaElement} field @param {ScanWords} words */
export async function scanInto(video, field, words) {
  const running = going.get(video);
  if (running) {
    running.stop();
    going.delete(video);
    return;
  }
  try {
    const { scan } = await import("./scan.mjs");
    const scanning = await scan(video);
    going.set(video, scanning);
    words.say(words.aim);
    const text = await scanning.found;
    going.delete(video);
    if (text) {
      field.value = text;
      await words.read(text);
    }
  } catch (error) {
    words.say(`The camera could not be used (${error instanceof Error ? error.message : String(error)}): ${words.instead}`);
  }
}
