// A live link between two devices with no server: the browser's own RTCPeerConnection, one data
// channel, and the signalling carried by hand (a QR code, or a code typed or pasted). Loaded only
// by link-gm.mjs (a table page, when "Link a phone" is pressed) and join.mjs (the page "Join a
// table"): no other page fetches a byte of it.
//
// What a code carries is only what a data channel needs: the ICE username and password, the DTLS
// certificate's SHA-256 fingerprint and the host candidates (no STUN, no TURN: iceServers []). The
// rest of the SDP is the same for every data channel, so the other side writes it again from a
// template (sdpOf). The bytes are written in base32 (A–Z, 2–7), which a QR code holds in its
// alphanumeric mode (5.5 bits a character, against 8 for base64's mixed case) and which a reader
// types without minding case; two check bytes catch a typo before any connection is tried.

export const MAX_MESSAGE = 64 * 1024; // a message longer than this is dropped unread
const GATHER_WAIT = 4000; // ms: ICE gathering that takes longer goes with the candidates it has
const MAX_CANDIDATES = 4; // host candidates a code carries (the QR code stays small)
const VERSION = 1;
const KINDS = /** @type {const} */ (["offer", "answer"]);
const ANSWER_TO = 2; // the kind of an answer that names the offer it answers (its ICE username), at its end
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/**
 * @typedef {{ address: string, port: number }} Candidate a UDP host candidate
 * @typedef {object} Signal what one side tells the other
 * @property {"offer" | "answer"} kind
 * @property {string} ufrag ICE username fragment
 * @property {string} pwd ICE password
 * @property {Uint8Array} fingerprint the DTLS certificate's SHA-256 (32 bytes)
 * @property {Candidate[]} candidates
 * @property {string} [to] an answer's: the ICE username of the offer it answers (the GM's device holds several:
 *   a new phone's, and a spare for each linked phone to come back by)
 * @typedef {object} Peer one end of a link
 * @property {RTCPeerConnection} pc
 * @property {RTCDataChannel} channel the one channel (negotiated: both ends make it, id 0)
 * @property {string} code this end's code, for the other to read
 * @property {string} ufrag this end's ICE username (an answer names its offer's)
 */

export class CodeError extends Error {}

// ---- base32 and check bytes ------------------------------------------------------------------

/** @param {Uint8Array} bytes @returns {string} */
function base32(bytes) {
  let out = "";
  let bits = 0;
  let value = 0;
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  if (bits) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** @param {string} text @returns {Uint8Array} */
function unbase32(text) {
  /** @type {number[]} */
  const out = [];
  let bits = 0;
  let value = 0;
  for (const ch of text) {
    const n = ALPHABET.indexOf(ch);
    if (n < 0) throw new CodeError(`“${ch}” is not a character of a link code`);
    value = ((value << 5) | n) & 0xfff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Uint8Array.from(out);
}

/** Fletcher-16 of the bytes. @param {Uint8Array} bytes */
function check(bytes) {
  let a = 0;
  let b = 0;
  for (const x of bytes) {
    a = (a + x) % 255;
    b = (b + a) % 255;
  }
  return [b, a];
}

/** A code as a reader typed or pasted it: case, spaces, dashes and the look-alike digits forgiven.
 * @param {string} text */
export function cleanCode(text) {
  return text.toUpperCase().replace(/[\s\-_.]+/g, "").replace(/0/g, "O").replace(/1/g, "I").replace(/8/g, "B");
}

// ---- a signal as bytes -----------------------------------------------------------------------

const UUID = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/i;

/** @param {string} address @returns {number[] | null} the kind byte and the address's bytes */
function addressBytes(address) {
  const v4 = address.match(/^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/);
  if (v4) return [4, ...v4.slice(1).map(Number)];
  const uuid = address.match(UUID);
  if (uuid) return [0x6d, ...(uuid.slice(1).join("").match(/../g) ?? []).map((h) => parseInt(h, 16))];
  if (address.includes(":")) {
    const [head, tail = ""] = address.replace(/^\[|\]$/g, "").split("::");
    const groups = (/** @type {string} */ s) => (s ? s.split(":") : []);
    const left = groups(head);
    const right = groups(tail);
    if (!address.includes("::") && left.length !== 8) return null;
    const all = [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
    if (all.length !== 8 || all.some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return null;
    return [6, ...all.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 255])];
  }
  return null;
}

/** @param {number} kind @param {Uint8Array} b @returns {string} */
function addressText(kind, b) {
  if (kind === 4) return [...b].join(".");
  const hex = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  if (kind === 0x6d) return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}.local`;
  return (hex.match(/.{4}/g) ?? []).map((g) => g.replace(/^0+(?=.)/, "")).join(":");
}

/** A signal as a code. @param {Signal} s @returns {string} */
export function encodeSignal(s) {
  const text = new TextEncoder();
  const ufrag = text.encode(s.ufrag);
  const pwd = text.encode(s.pwd);
  const to = s.kind === "answer" && s.to ? text.encode(s.to) : null;
  /** @type {number[]} */
  const bytes = [(VERSION << 4) | (to ? ANSWER_TO : KINDS.indexOf(s.kind)), ufrag.length, ...ufrag, pwd.length, ...pwd,
    ...s.fingerprint];
  const candidates = s.candidates.map((c) => ({ a: addressBytes(c.address), port: c.port })).filter((c) => c.a);
  bytes.push(candidates.length);
  for (const { a, port } of candidates) bytes.push(.../** @type {number[]} */ (a), port >> 8, port & 255);
  if (to) bytes.push(to.length, ...to);
  const body = Uint8Array.from(bytes);
  return base32(Uint8Array.from([...body, ...check(body)]));
}

/** A code read back: the signal it carries, or CodeError saying what is wrong with it.
 * @param {string} code @returns {Signal} */
export function decodeSignal(code) {
  const clean = cleanCode(code);
  if (clean.length < 40) throw new CodeError("This code is too short: it may be cut off.");
  if (clean.length > 400) throw new CodeError("This code is too long to be a link code.");
  const all = unbase32(clean);
  const body = all.subarray(0, all.length - 2);
  const [b, a] = check(body);
  if (all[all.length - 2] !== b || all[all.length - 1] !== a) {
    throw new CodeError("This code has a typo (its check does not add up): read it again.");
  }
  let at = 0;
  const take = (/** @type {number} */ n) => {
    if (at + n > body.length) throw new CodeError("This code ends too soon.");
    const part = body.subarray(at, at + n);
    at += n;
    return part;
  };
  const head = take(1)[0];
  if (head >> 4 !== VERSION || (head & 15) > ANSWER_TO) throw new CodeError("This is not a link code of this site's version.");
  const words = new TextDecoder("utf-8", { fatal: true });
  const ufrag = words.decode(take(take(1)[0]));
  const pwd = words.decode(take(take(1)[0]));
  if (!/^[A-Za-z0-9+/]{4,256}$/.test(ufrag) || !/^[A-Za-z0-9+/]{22,256}$/.test(pwd)) {
    throw new CodeError("This code's credentials are not ICE's.");
  }
  const fingerprint = Uint8Array.from(take(32));
  const count = take(1)[0];
  if (count > 16) throw new CodeError("This code names too many addresses.");
  /** @type {Candidate[]} */
  const candidates = [];
  for (let i = 0; i < count; i++) {
    const kind = take(1)[0];
    const size = kind === 4 ? 4 : kind === 6 || kind === 0x6d ? 16 : -1;
    if (size < 0) throw new CodeError("This code names an address of an unknown kind.");
    const address = addressText(kind, take(size));
    const [hi, lo] = take(2);
    candidates.push({ address, port: (hi << 8) | lo });
  }
  const to = (head & 15) === ANSWER_TO ? words.decode(take(take(1)[0])) : "";
  if (to && !/^[A-Za-z0-9+/]{4,256}$/.test(to)) throw new CodeError("This code names an offer that is not ICE's.");
  if (at !== body.length) throw new CodeError("This code has bytes left over.");
  return { kind: (head & 15) === ANSWER_TO ? "answer" : KINDS[head & 15], ufrag, pwd, fingerprint, candidates, ...(to ? { to } : {}) };
}

// ---- a signal from and to SDP ----------------------------------------------------------------

/** What a local description holds that the other side needs. @param {string} sdp @param {"offer" | "answer"} kind @returns {Signal} */
export function signalOf(sdp, kind) {
  const line = (/** @type {string} */ name) => sdp.match(new RegExp(`^a=${name}:(.*)$`, "m"))?.[1].trim() ?? "";
  const fp = line("fingerprint").match(/^sha-256\s+([0-9A-Fa-f:]+)$/i);
  if (!fp) throw new CodeError("This browser's connection has no SHA-256 fingerprint.");
  const fingerprint = Uint8Array.from(fp[1].split(":").map((h) => parseInt(h, 16)));
  /** @type {Candidate[]} */
  const found = [];
  for (const [, text] of sdp.matchAll(/^a=candidate:(.*)$/gm)) {
    const [, component, transport, , address, port, , type] = text.trim().split(/\s+/);
    if (component !== "1" || transport.toLowerCase() !== "udp" || type !== "host") continue;
    if (!addressBytes(address) || found.some((c) => c.address === address && c.port === Number(port))) continue;
    found.push({ address, port: Number(port) });
  }
  // IPv4 first (the one a phone on the same Wi-Fi reaches), then an mDNS name, then IPv6.
  const rank = (/** @type {Candidate} */ c) => (addressBytes(c.address)?.[0] === 4 ? 0 : addressBytes(c.address)?.[0] === 0x6d ? 1 : 2);
  const candidates = found.sort((a, b) => rank(a) - rank(b)).slice(0, MAX_CANDIDATES);
  return { kind, ufrag: line("ice-ufrag"), pwd: line("ice-pwd"), fingerprint, candidates };
}

/** The description the other side's signal stands for: a data channel's SDP, from the template.
 * @param {Signal} s @returns {RTCSessionDescriptionInit} */
export function descriptionOf(s) {
  const fp = [...s.fingerprint].map((b) => b.toString(16).padStart(2, "0").toUpperCase()).join(":");
  const lines = [
    "v=0", "o=- 1 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0", "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
    ...s.candidates.map((c, i) => `a=candidate:${i + 1} 1 udp ${2122260223 - i} ${c.address} ${c.port} typ host generation 0`),
    `a=ice-ufrag:${s.ufrag}`, `a=ice-pwd:${s.pwd}`, "a=ice-options:trickle", `a=fingerprint:sha-256 ${fp}`,
    `a=setup:${s.kind === "offer" ? "actpass" : "active"}`, "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144",
  ];
  return { type: s.kind, sdp: `${lines.join("\r\n")}\r\n` };
}

// ---- the two ends ----------------------------------------------------------------------------

/** Resolves once the connection has its candidates (or GATHER_WAIT has passed). @param {RTCPeerConnection} pc */
function gathered(pc) {
  return new Promise((resolve) => {
    if (pc.iceGatheringState === "complete") {
      resolve(undefined);
      return;
    }
    const done = () => {
      if (pc.iceGatheringState !== "complete") return;
      pc.removeEventListener("icegatheringstatechange", done);
      resolve(undefined);
    };
    pc.addEventListener("icegatheringstatechange", done);
    setTimeout(() => resolve(undefined), GATHER_WAIT);
  });
}

function connection() {
  const pc = new RTCPeerConnection({ iceServers: [] });
  const channel = pc.createDataChannel("codex", { negotiated: true, id: 0, ordered: true });
  return { pc, channel };
}

/** This end's code and ICE username, once its candidates are in. @param {RTCPeerConnection} pc
 * @param {"offer" | "answer"} kind @param {string} [to] an answer's: its offer's ICE username */
async function codeOf(pc, kind, to) {
  await gathered(pc);
  const signal = signalOf(pc.localDescription?.sdp ?? "", kind);
  return { code: encodeSignal({ ...signal, ...(to ? { to } : {}) }), ufrag: signal.ufrag };
}

/** The GM's end: a connection waiting for a phone, and the offer for it to read. @returns {Promise<Peer>} */
export async function makeOffer() {
  const { pc, channel } = connection();
  await pc.setLocalDescription(await pc.createOffer());
  return { pc, channel, ...(await codeOf(pc, "offer")) };
}

/** A phone's end: the offer read, the connection made, and the answer for the GM to read.
 * @param {string} offerCode @returns {Promise<Peer>} */
export async function answerOffer(offerCode) {
  const offer = decodeSignal(offerCode);
  if (offer.kind !== "offer") throw new CodeError("This is an answer code: the GM's screen shows the offer code.");
  if (!offer.candidates.length) throw new CodeError("This offer names no address to reach the GM's device at.");
  const { pc, channel } = connection();
  await pc.setRemoteDescription(descriptionOf(offer));
  await pc.setLocalDescription(await pc.createAnswer());
  return { pc, channel, ...(await codeOf(pc, "answer", offer.ufrag)) };
}

/** The offer an answer code answers (its ICE username; "" for an answer that names none), or CodeError.
 * @param {string} answerCode */
export function answersOffer(answerCode) {
  const answer = decodeSignal(answerCode);
  if (answer.kind !== "answer") throw new CodeError("This is an offer code: type the code the phone shows.");
  return answer.to ?? "";
}

/** The GM's end takes the phone's answer. @param {RTCPeerConnection} pc @param {string} answerCode */
export async function acceptAnswer(pc, answerCode) {
  const answer = decodeSignal(answerCode);
  if (answer.kind !== "answer") throw new CodeError("This is an offer code: type the code the phone shows.");
  await pc.setRemoteDescription(descriptionOf(answer));
}

// ---- messages --------------------------------------------------------------------------------

/** A message as the other end sent it, parsed: null when it is not JSON of an object, or too long.
 * @param {unknown} data @returns {Record<string, unknown> | null} */
export function parseMessage(data) {
  if (typeof data !== "string" || data.length > MAX_MESSAGE) return null;
  try {
    const value = JSON.parse(data);
    return value && typeof value === "object" && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

/** Text from a message, bounded: null when it is not text. @param {unknown} value @param {number} most */
export function textOf(value, most) {
  return typeof value === "string" && value.length <= most ? value : null;
}
