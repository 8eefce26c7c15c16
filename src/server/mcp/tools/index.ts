// The six tools, in the order tools/list shows them.
import { exploreTool } from './explore';
import { fileDependenciesTool } from './file-dependencies';
import { graphTool } from './graph';
import { nodeTool } from './node';
import { searchTool } from './search';
import { statusTool } from './status';
import type { ToolDef } from '../tool';

export const TOOLS: ToolDef[] = [searchTool, exploreTool, nodeTool, graphTool, statusTool, fileDependenciesTool] as unknown as ToolDef[];
