// Copied from templates/mock-runtime/ by svc-api-codegen. Do not edit: change the template and run `npm run generate`.
/**
 * How a mock answers each operation, planned by the generator from the model: which
 * collection an operation works on and in what role, where the resource sits in its bodies,
 * how lists page, and what `x-state-machine` says the operation does to a resource's state.
 */

export type MockRole =
  /** POST on a collection: stores a new resource. */
  | 'create'
  /** GET on a collection, paginated or not. */
  | 'list'
  /** GET on an item. */
  | 'read'
  /** PUT or PATCH on an item: merges the body. */
  | 'update'
  /** DELETE on an item. */
  | 'delete'
  /** A verb on an item (`/transfers/{id}/commit`): moves its state. */
  | 'action'
  /** GET or PUT on a path without items (`/user`): one resource per caller. */
  | 'singleton-read'
  | 'singleton-update'
  /** Anything else: a seeded answer. */
  | 'other';

/** Body fields a list answer may echo: the total count, the page, its size, the number of pages (dot paths). */
export interface MockPageFields {
  totalField?: string;
  pageField?: string;
  sizeField?: string;
  totalPagesField?: string;
}

/**
 * What the next cursor or token field holds on the last page, as its schema says: `null` where
 * it may be null, `'absent'` (left out) where it is optional, else ''.
 */
export type MockPageEnd = null | '' | 'absent';

/**
 * What an empty cursor or token parameter (`cursor=`) means: the first page where the
 * parameter's schema accepts '' (`'absent'`), a 400 where it refuses it (`'refused'`).
 */
export type MockEmptyCursor = 'absent' | 'refused';

/**
 * How a list answer pages. `minItems`: the least number of items the document lets a list answer
 * hold (its items array's `minItems`); a page with fewer stored items is filled up with the
 * seeded answer's items, which the document requires.
 */
export type MockPagination = { minItems?: number } & (
  | {
      style: 'cursor';
      itemsField: string;
      cursorParam: string;
      cursorField: string;
      nextUriField: string;
      limitParam?: string;
      orderParam?: string;
      endingBeforeParam?: string;
      defaultLimit: number;
      /** The next-URI field on the last page; `null` when unsaid (`x-pagination`'s own convention). */
      lastCursor?: MockPageEnd;
      emptyCursor?: MockEmptyCursor;
    }
  | {
      style: 'page';
      itemsField: string;
      pageParam: string;
      totalPagesField: string;
      currentPageField?: string;
      limitParam?: string;
      defaultLimit: number;
    }
  /**
   * `lastToken`: what the next-token field holds on the last page ('' when unsaid). `tokenForm`:
   * the field's schema is an integer (the next offset, as a number) or a URI (the list's own URL
   * with the token as the cursor parameter); a string token otherwise.
   */
  | {
      style: 'token';
      itemsField: string;
      tokenParam: string;
      nextTokenField: string;
      limitParam?: string;
      defaultLimit: number;
      lastToken?: MockPageEnd;
      tokenForm?: 'integer' | 'uri';
      emptyCursor?: MockEmptyCursor;
    }
  /** Guessed from the parameters: `offset`/`limit`. */
  | ({
      style: 'offset';
      itemsField: string;
      offsetParam: string;
      limitParam?: string;
      defaultLimit: number;
    } & MockPageFields)
  /** Guessed from the parameters: `page`/`size`, counting from `firstPage`. */
  | ({
      style: 'page-number';
      itemsField: string;
      pageParam: string;
      firstPage: 0 | 1;
      limitParam?: string;
      defaultLimit: number;
    } & MockPageFields)
  /** A list without paging parameters: every item. */
  | ({ style: 'all'; itemsField: string } & Pick<MockPageFields, 'totalField'>)
);

/** One `x-state-machine` transition that an operation triggers, or one the plan guessed. */
export interface MockTransition {
  /** `null`: the resource does not exist yet (a create); absent: from any state (a guessed action). */
  from?: string | null;
  to: string;
  /** The prose condition of the spec, for error messages. */
  condition?: string;
}

export interface MockOperationPlan {
  role: MockRole;
  /** Key of the collection: the collection's path template (`/v2/accounts/{account_id}/buys`). */
  collection?: string;
  /** Path parameters that scope the collection (`account_id`), by their flat-record keys. */
  scope?: readonly string[];
  /** Path parameter (flat-record key) holding the item id. */
  idParam?: string;
  /** The status of the success answer, and whether it has a body. */
  successStatus: number;
  /**
   * Error statuses the operation does not declare (nor their range, nor `default`), by the
   * declared one the mock answers instead (a validation error is 422 where only 422 is declared).
   */
  errorStatuses?: Readonly<Record<string, number>>;
  /** Dot path of the resource in the success body ('' = the whole body); absent when the body does not carry it. */
  resourceAt?: string;
  pagination?: MockPagination;
  /** `x-idempotency`: the body field or header whose repetition returns the first answer. */
  idempotency?: { field: string; in: 'body' | 'header' };
  /**
   * The state field and the transitions this operation triggers. `guessed`: no `x-state-machine`
   * says them (a create starts in the state enum's default or first value, an action moves to the
   * value named after its verb); a create then keeps a state its request sets.
   */
  state?: { field: string; transitions: readonly MockTransition[]; guessed?: boolean };
  /** Fields a create starts as `null`: nullable times the server sets later (`returnedAt` of a new loan). */
  unset?: readonly string[];
  /** Fields an action sets to the time of the call (`returnedAt` of a return). */
  stamps?: readonly MockStamp[];
  /** Dot path of epoch seconds the mock fills from its clock (the API's server-time operation). */
  timeField?: string;
  /**
   * A list of another collection's items, filtered: item field -> the path parameter (flat-record
   * key) whose value it must have (`GET /members/{memberId}/loans` lists the loans whose `memberId` is it).
   */
  filter?: Readonly<Record<string, string>>;
}

/**
 * A time the mock writes, in its field's form: `date-time` (`2026-01-02T03:04:05Z`), `date`
 * (`2026-01-02`) or `unix-seconds` (an integer).
 */
export interface MockStamp {
  field: string;
  form: 'date-time' | 'date' | 'unix-seconds';
}

export interface MockCollectionPlan {
  /** Property of a resource holding its id. */
  idField: string;
  /** Whether resources are only ever created by calls (lists start empty, unknown ids are 404); else they are seeded. */
  created: boolean;
  /** Date-time properties stamped on create and update. */
  createdAtField?: string;
  updatedAtField?: string;
  /** Property holding the resource's own path. */
  pathField?: string;
  /** Path template of an item (`/v2/accounts/{account_id}/buys/{buy_id}`), for `pathField`. */
  itemPath?: string;
  /** Lists hold each resource inside an object under this key (`{transfer: {...}}`). */
  itemWrapper?: string;
}

/** A webhook sent when a resource of a collection is created or reaches a state. */
export interface MockWebhookPlan {
  collection: string;
  /** `created`, or the state reached. */
  event: string;
  /** operationId of the webhook. */
  webhook: string;
  /** Named schema of the payload, for its fixture. */
  schema: string;
  /** Property of the payload that carries the resource. */
  resourceAt: string;
}

export interface MockPlan {
  operations: Readonly<Record<string, MockOperationPlan>>;
  collections: Readonly<Record<string, MockCollectionPlan>>;
  webhooks?: readonly MockWebhookPlan[];
  /** The list collection where sent notifications are recorded. */
  notifications?: string;
  /** Top-level fields of success bodies the server fills itself (`warnings`): left out of seeded answers. */
  serverFields?: readonly string[];
}
