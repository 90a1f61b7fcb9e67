/**
 * Pagination: the paginator contract, the default page/per_page paginator,
 * and the page result schema factory. A paginator hands the adapter its
 * window as data ({@link PageWindow}) and builds the page from what comes
 * back ({@link ListResult}); it never calls the adapter.
 *
 * @module
 */
import { z } from 'zod';
import { cached } from './cache.ts';
import { ReplaceSignatureDependency } from './dependencies/markers.ts';

/** Which rows of the ordered matches a page holds. */
export interface PageWindow {
  readonly limit: number;
  readonly offset: number;
}

/** One window's rows and the number of all matching rows: what an adapter's `getMany` returns. */
export interface ListResult<T> {
  readonly rows: T[];
  readonly count: number;
}

/**
 * The total a fetched window tells by itself: a page that came back short
 * (and is not past the end) ends the matches, so no count query is needed.
 *
 * @example
 * ```ts
 * knownCount({ limit: 20, offset: 40 }, 7); // 47
 * knownCount({ limit: 20, offset: 0 }, 20); // undefined: count them
 * ```
 */
export function knownCount(window: PageWindow, fetched: number): number | undefined {
  const short = fetched < window.limit && (fetched > 0 || window.offset === 0);
  return short ? window.offset + fetched : undefined;
}

/**
 * A list of your own for {@link PaginatorBase.paginate}: a way to fetch one
 * slice and to count all, and optionally to complete fetched rows, which runs
 * while the count does.
 */
export interface PageSource<T> {
  fetch(limit: number, offset: number): Promise<T[]>;
  count(): Promise<number>;
  complete?(rows: T[]): Promise<unknown>;
}

/**
 * The rows of `window` and the count of all matches: counted unless
 * {@link knownCount} tells, while the rows are completed (their includes).
 *
 * @example
 * ```ts
 * const all = [{ id: 1 }, { id: 2 }, { id: 3 }];
 * const { rows, count } = await fetchWindow({ limit: 2, offset: 0 }, {
 *   fetch: async (limit, offset) => all.slice(offset, offset + limit),
 *   count: async () => all.length, // a full page: counted (3)
 * });
 * ```
 */
export async function fetchWindow<T>(window: PageWindow, source: PageSource<T>): Promise<ListResult<T>> {
  const rows = await source.fetch(window.limit, window.offset);
  const [count] = await Promise.all([knownCount(window, rows.length) ?? source.count(), source.complete?.(rows)]);
  return { rows, count };
}

/** The page result of a list route. */
export interface Page<T> {
  page: number;
  per_page: number;
  count: number;
  data: T[];
}

/**
 * Reads `page` and `per_page`, gives the adapter the window to fetch
 * ({@link calcOffsetLimit}) and makes the page of what it returns ({@link toPage}).
 * Subclass it for another strategy and install it with a `PaginatorDependency` override.
 *
 * @example
 * ```ts
 * class Big extends PagePaginator { static override maxPerPage = 1000; }
 * new CRUDCollection({ ormAdapter, dependencyOverrides: new Map([[PaginatorDependency, Big.dependency()]]) });
 * ```
 */
export abstract class PaginatorBase {
  page = 1;
  perPage = 20;

  setPage(page: number): this {
    this.page = page;
    return this;
  }

  setPerPage(perPage: number): this {
    this.perPage = perPage;
    return this;
  }

  /** The window of the current page: the SQL `limit` and `offset`. */
  calcOffsetLimit(): PageWindow {
    return { offset: (this.page - 1) * this.perPage, limit: this.perPage };
  }

  /** The page result of the current window's rows and the count of all matches. */
  toPage<T>(result: ListResult<T>): Page<T> {
    return { page: this.page, per_page: this.perPage, count: result.count, data: result.rows };
  }

  /**
   * The page of a {@link PageSource} of your own: the window fetched, counted
   * unless {@link knownCount} tells, completed while the count runs.
   */
  async paginate<T>(source: PageSource<T>): Promise<Page<T>> {
    return this.toPage(await fetchWindow(this.calcOffsetLimit(), source));
  }
}

/** `page`/`per_page` query schemas by bounds (Zod schemas are immutable: collections share them). */
const querySchemas = new Map<string, z.ZodObject>();

/**
 * The default paginator: `page` 1…`maxPage` (default 1, at most 1,000,000),
 * `per_page` 1…`maxPerPage` (default 20, max 100). The count query is skipped
 * when the page comes back short (see {@link knownCount}).
 *
 * @example
 * ```ts
 * const paginator = new PagePaginator().setPage(2);
 * const page = paginator.toPage(await ormAdapter.getMany({}, [], [], paginator.calcOffsetLimit()));
 * ```
 */
export class PagePaginator extends PaginatorBase {
  static defaultPerPage = 20;
  static maxPerPage = 100;
  /** The last page a client may ask for: `OFFSET` reads every row it skips, so a far page costs a scan. */
  static maxPage = 1_000_000;

  /** The query parameters this paginator reads, with its bounds; made once per class and bounds. */
  static querySchema(): z.ZodObject {
    return cached(querySchemas, `${this.maxPerPage}|${this.defaultPerPage}|${this.maxPage}`, () =>
      z.object({
        page: z.int().min(1).max(this.maxPage).default(1).describe('Page number, from 1'),
        per_page: z.int().min(1).max(this.maxPerPage).default(this.defaultPerPage).describe('Items per page'),
      }),
    );
  }

  /**
   * The `PaginatorDependency` resolver of this class: declares `page`/`per_page`
   * with this class's bounds and builds one paginator per request.
   *
   * @example
   * ```ts
   * class Big extends PagePaginator { static override maxPerPage = 1000; }
   * new Map([[PaginatorDependency, Big.dependency()]]);
   * ```
   */
  static dependency(this: typeof PagePaginator): ReplaceSignatureDependency<PagePaginator> {
    return new ReplaceSignatureDependency((req) => this.fromQuery(req.query), { query: this.querySchema() });
  }

  /** A paginator for the validated query of one request. */
  static fromQuery<P extends PagePaginator>(this: new () => P, query: Readonly<Record<string, unknown>>): P {
    const paginator = new this();
    const bounds = this as unknown as typeof PagePaginator;
    paginator.page = (query.page as number | undefined) ?? 1;
    paginator.perPage = (query.per_page as number | undefined) ?? bounds.defaultPerPage;
    return paginator;
  }
}

/** The page result's integers, one schema for every page. */
const int = z.int();

/**
 * The page result schema around an item schema (`PaginatorPage[T]`).
 *
 * @example
 * ```ts
 * const CategoryPage = PaginatorPage(z.object({ id: z.number(), name: z.string() }));
 * ```
 */
export function PaginatorPage<T extends z.ZodType>(item: T) {
  return z.object({ page: int, per_page: int, count: int, data: z.array(item) });
}
