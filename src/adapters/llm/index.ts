/** LLM adapters: the OpenAI-compatible client, the function-calling answerer and Chrome's Prompt API answerer. */
export * from './chat-client';
export * from './openai-compatible-client';
export * from './llm-answerer';
export * from './prompt-api-answerer';
