/** The database's own message when `query` is refused (drizzle wraps it as the cause of "Failed query"), or 'not refused'. */
export async function refusal(query: Promise<unknown>): Promise<string> {
  try {
    await query;
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    return cause instanceof Error ? cause.message : String(cause);
  }
  return 'not refused';
}
