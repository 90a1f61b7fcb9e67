/**
 * The registered reason phrases of the 4xx and 5xx statuses that have no
 * code of their own, so a problem's title names its status (RFC 9457 asks
 * it of `about:blank`).
 *
 * @module
 */

/** RFC 9110's phrases and the IANA registry's; 418 by RFC 2324's, as Node's status line says it. */
const OTHER_TITLES: Readonly<Record<number, string>> = {
  402: 'Payment Required',
  406: 'Not Acceptable',
  407: 'Proxy Authentication Required',
  410: 'Gone',
  411: 'Length Required',
  412: 'Precondition Failed',
  416: 'Range Not Satisfiable',
  417: 'Expectation Failed',
  418: "I'm a Teapot",
  421: 'Misdirected Request',
  423: 'Locked',
  424: 'Failed Dependency',
  425: 'Too Early',
  426: 'Upgrade Required',
  428: 'Precondition Required',
  451: 'Unavailable For Legal Reasons',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  504: 'Gateway Timeout',
  505: 'HTTP Version Not Supported',
  506: 'Variant Also Negotiates',
  507: 'Insufficient Storage',
  508: 'Loop Detected',
  510: 'Not Extended',
  511: 'Network Authentication Required',
};

/**
 * The phrase of a status the code table lacks, or `undefined` for an unregistered one (`499`), which
 * clients take as its class's `x00`.
 *
 * @example
 * ```ts
 * otherStatusTitle(410); // 'Gone'
 * otherStatusTitle(499); // undefined
 * ```
 */
export function otherStatusTitle(status: number): string | undefined {
  return Object.hasOwn(OTHER_TITLES, status) ? OTHER_TITLES[status] : undefined;
}
