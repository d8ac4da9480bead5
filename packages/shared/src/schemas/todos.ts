// The staff to-do list (/admin/todo): active and completed tabs.
import { z } from 'zod';
import { PAGE_SIZE_OPTIONS } from '../constants.ts';
import { msg } from '../messages.ts';

export const TODO_LIMITS = { titleMax: 200, descriptionMax: 2000 } as const;
export const TODO_TABS = ['active', 'completed'] as const;
export type TodoTab = (typeof TODO_TABS)[number];

/** Letters of any script (Arabic included, with its marks), digits and spaces (SPEC §5 "letters and numbers"). */
export const LETTERS_DIGITS_SPACES = /^[\p{L}\p{M}\p{N} ]+$/u;

const text = (fieldName: string, max: number) =>
  z
    .string({ error: msg('required', { fieldName }) })
    // Line breaks and tabs typed in a textarea count as spaces.
    .transform((value) => value.replace(/\s+/g, ' ').trim())
    .pipe(
      z
        .string()
        .min(1, { message: msg('required', { fieldName }), abort: true })
        .max(max, msg('maxLength', { fieldName, maxLength: max }))
        .regex(LETTERS_DIGITS_SPACES, msg('lettersAndNumbers', { fieldName })),
    );

export const todoInputSchema = z.object({
  title: text('title', TODO_LIMITS.titleMax),
  description: text('description', TODO_LIMITS.descriptionMax),
});
export type TodoInput = z.input<typeof todoInputSchema>;

/** The list grows with time: it is answered a page at a time (20 by default). */
export const TODO_PAGE_SIZE_DEFAULT = 20;
export const listTodosSchema = z.object({
  tab: z.enum(TODO_TABS).default('active'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((size) => (PAGE_SIZE_OPTIONS as readonly number[]).includes(size), msg('format', { fieldName: 'pageSize' }))
    .default(TODO_PAGE_SIZE_DEFAULT),
});
export type ListTodosInput = z.input<typeof listTodosSchema>;
export const updateTodoSchema = z.object({ id: z.uuid(), data: todoInputSchema });
export const setTodoCompletedSchema = z.object({ id: z.uuid(), completed: z.boolean() });
export const todoIdSchema = z.object({ id: z.uuid() });

export const todoViewSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  completed: z.boolean(),
  completedAt: z.string().nullable(),
  createdBy: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TodoView = z.infer<typeof todoViewSchema>;
export const todoCountsSchema = z.object({ active: z.number(), completed: z.number() });
export const todoListSchema = z.object({
  items: z.array(todoViewSchema),
  counts: todoCountsSchema,
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  pageCount: z.number(),
});
export type TodoList = z.infer<typeof todoListSchema>;
