/**
 * Pagination: the abstract paginator the adapters call, the default
 * page/per_page paginator, and the page result schema factory.
 *
 * @module
 */
import { z } from 'zod';
import { cached } from './cache.ts';
import { ReplaceSignatureDependency } from './dependencies.ts';

/**
 * What an adapter hands a paginator: a way to fetch one slice and to count all,
 * and optionally to complete fetched rows (load relations), which runs while
 * the count does.
 */
export interface PageSource<T> {
  fetch(limit: number, offset: number): Promise<T[]>;
  count(): Promise<number>;
  complete?(rows: T[]): Promise<unknown>;
}

/** The page result of a list route. */
export interface Page<T> {
  page: number;
  per_page: number;
  count: number;
  data: T[];
}

/**
 * Reads `page` and `per_page` and turns a {@link PageSource} into a {@link Page}.
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

  /** The SQL `limit` and `offset` of the current page. */
  calcOffsetLimit(): { offset: number; limit: number } {
    return { offset: (this.page - 1) * this.perPage, limit: this.perPage };
  }

  abstract paginate<T>(source: PageSource<T>): Promise<Page<T>>;
}

/** `page`/`per_page` query schemas by bounds (Zod schemas are immutable: collections share them). */
const querySchemas = new Map<string, z.ZodObject>();

/**
 * The default paginator: `page` ≥ 1 (default 1), `per_page` 1…`maxPerPage`
 * (default 20, max 100). It skips the count query when the page comes back
 * short, and otherwise runs it while the rows are completed.
 *
 * @example
 * ```ts
 * const source = { fetch: async (limit: number, offset: number) => [{ id: offset + 1 }], count: async () => 1 };
 * const page = await new PagePaginator().setPage(2).paginate(source);
 * ```
 */
export class PagePaginator extends PaginatorBase {
  static defaultPerPage = 20;
  static maxPerPage = 100;

  /** The query parameters this paginator reads, with its bounds; made once per class and bounds. */
  static querySchema(): z.ZodObject {
    return cached(querySchemas, `${this.maxPerPage}|${this.defaultPerPage}`, () =>
      z.object({
        page: z.int().min(1).max(1_000_000).default(1).describe('Page number, from 1'),
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

  async paginate<T>(source: PageSource<T>): Promise<Page<T>> {
    const { offset, limit } = this.calcOffsetLimit();
    const data = await source.fetch(limit, offset);
    const short = data.length < limit && (data.length > 0 || offset === 0);
    const [count] = await Promise.all([short ? offset + data.length : source.count(), source.complete?.(data)]);
    return { page: this.page, per_page: this.perPage, count, data };
  }
}

/** The page result's integers, one schema for every page. */
const int = z.int();

/**
 * The page result schema around an item schema (`PaginatorPage[T]` of the spec).
 *
 * @example
 * ```ts
 * const CategoryPage = PaginatorPage(z.object({ id: z.number(), name: z.string() }));
 * ```
 */
export function PaginatorPage<T extends z.ZodType>(item: T) {
  return z.object({ page: int, per_page: int, count: int, data: z.array(item) });
}
