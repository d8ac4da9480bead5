// Lines of a task: parts, labour, flat amounts.
export const taskLinesOperations = {};
