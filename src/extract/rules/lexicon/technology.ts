/**
 * Technology gazetteer (programming languages, frameworks and libraries,
 * databases, platforms, protocols and standards) and product-name patterns
 * (brand + model: "iPhone 15", "Galaxy S24", "Model 3").
 */
export const TECHNOLOGIES = [
  // Languages
  'JavaScript', 'TypeScript', 'Python', 'Java', 'Kotlin', 'Scala', 'Groovy', 'Clojure', 'C++', 'C#', 'F#', 'Go', 'Golang',
  'Rust', 'Ruby', 'PHP', 'Perl', 'Swift', 'Objective-C', 'Dart', 'Elixir', 'Erlang', 'Haskell', 'OCaml', 'Lua', 'Julia',
  'MATLAB', 'Fortran', 'COBOL', 'Pascal', 'Delphi', 'Zig', 'Nim', 'Crystal', 'Solidity', 'WebAssembly', 'Wasm', 'SQL',
  'GraphQL', 'Bash', 'PowerShell', 'Visual Basic', 'Assembly', 'Lisp', 'Scheme', 'Racket', 'Prolog', 'Elm', 'ReasonML',
  // Frameworks and libraries
  'React', 'React Native', 'Vue', 'Vue.js', 'Angular', 'AngularJS', 'Svelte', 'SvelteKit', 'Next.js', 'Nuxt', 'Remix',
  'Gatsby', 'Astro', 'jQuery', 'Ember', 'Backbone', 'Redux', 'Zustand', 'MobX', 'Node.js', 'Node', 'Deno', 'Bun',
  'Express', 'Fastify', 'NestJS', 'Django', 'Flask', 'FastAPI', 'Rails', 'Ruby on Rails', 'Laravel', 'Symfony', 'Spring',
  'Spring Boot', 'Hibernate', '.NET', 'ASP.NET', 'Blazor', 'Phoenix', 'Tokio', 'Actix', 'Rocket', 'Flutter', 'Electron',
  'Tauri', 'Qt', 'GTK', 'TensorFlow', 'PyTorch', 'Keras', 'JAX', 'scikit-learn', 'NumPy', 'Pandas', 'SciPy', 'Spark',
  'Apache Spark', 'Hadoop', 'Kafka', 'Apache Kafka', 'Flink', 'Airflow', 'Webpack', 'Vite', 'Rollup', 'esbuild', 'Babel',
  'Tailwind', 'Tailwind CSS', 'Bootstrap', 'Sass', 'Three.js', 'D3', 'D3.js', 'Mermaid', 'Dexie', 'Playwright',
  'Puppeteer', 'Selenium', 'Jest', 'Vitest', 'Mocha', 'Cypress', 'ESLint', 'Prettier', 'LLVM', 'GCC', 'Clang', 'WebKit',
  'Chromium', 'Gecko', 'V8', 'Unity', 'Unreal Engine', 'OpenCV', 'LangChain', 'Hugging Face Transformers', 'Transformers',
  // Databases and infrastructure
  'PostgreSQL', 'Postgres', 'MySQL', 'MariaDB', 'SQLite', 'MongoDB', 'Redis', 'Cassandra', 'DynamoDB', 'CouchDB',
  'Elasticsearch', 'OpenSearch', 'Neo4j', 'ClickHouse', 'Snowflake', 'BigQuery', 'Oracle Database', 'SQL Server',
  'IndexedDB', 'Firebase', 'Supabase', 'Memcached', 'RabbitMQ', 'Docker', 'Kubernetes', 'Terraform', 'Ansible',
  'Nginx', 'Apache HTTP Server', 'Linux', 'Ubuntu', 'Debian', 'FreeBSD', 'Git', 'GitHub Actions', 'Jenkins', 'Prometheus',
  'Grafana', 'AWS Lambda', 'Amazon S3', 'EC2', 'Cloudflare Workers', 'Vercel', 'Heroku', 'Android', 'iOS', 'macOS',
  'Windows', 'WebGPU', 'WebGL', 'CUDA', 'OpenGL', 'Vulkan', 'Metal',
  // Protocols and standards
  'HTTP', 'HTTPS', 'HTTP/2', 'HTTP/3', 'QUIC', 'TCP', 'UDP', 'IP', 'IPv4', 'IPv6', 'DNS', 'TLS', 'SSL', 'SSH', 'FTP',
  'SMTP', 'IMAP', 'WebSocket', 'WebSockets', 'WebRTC', 'gRPC', 'REST', 'SOAP', 'OAuth', 'OAuth 2.0', 'OpenID Connect',
  'SAML', 'JWT', 'JSON', 'XML', 'YAML', 'TOML', 'HTML', 'HTML5', 'CSS', 'CSS3', 'SVG', 'JSON-LD', 'RDF', 'SPARQL',
  'MQTT', 'Bluetooth', 'Wi-Fi', 'USB', 'USB-C', 'NFC', 'LTE', '5G', 'Ethernet', 'Unicode', 'UTF-8', 'POSIX', 'ECMAScript',
  'WebAuthn', 'MCP', 'Model Context Protocol', 'OpenAPI', 'Protobuf', 'Protocol Buffers', 'Blockchain', 'Ethereum',
  'Bitcoin', 'Lightning Network', 'RISC-V', 'ARM', 'x86', 'Manifest V3',
];

/** Brands that take a model designation: "iPhone 15 Pro", "Galaxy S24", "Model 3", "Pixel 8". */
export const PRODUCT_LINES = [
  'iPhone', 'iPad', 'iPad Pro', 'iPad Air', 'MacBook', 'MacBook Pro', 'MacBook Air', 'iMac', 'Mac Mini', 'Mac Pro',
  'Apple Watch', 'AirPods', 'Vision Pro', 'Galaxy', 'Galaxy Note', 'Galaxy Tab', 'Pixel', 'Pixelbook', 'Surface',
  'Surface Pro', 'Xbox', 'PlayStation', 'Nintendo Switch', 'Switch', 'Kindle', 'Echo', 'Fire TV', 'Model', 'Cybertruck',
  'ThinkPad', 'XPS', 'Raspberry Pi', 'Arduino', 'GeForce', 'GeForce RTX', 'RTX', 'Radeon', 'Ryzen', 'Core', 'Xeon',
  'Snapdragon', 'Exynos', 'GPT', 'Claude', 'Gemini', 'Llama', 'Boeing', 'Airbus', 'Windows', 'Android', 'iOS', 'macOS',
  'Tesla Model', 'Prius', 'Civic', 'Corolla', 'Mustang', 'Golf', 'Walkman', 'Alexa', 'Quest', 'Oculus Quest',
];

/** Standalone product names (no model number needed). */
export const PRODUCTS = [
  'iPhone', 'iPad', 'MacBook', 'iMac', 'AirPods', 'Apple Watch', 'Vision Pro', 'Pixel', 'Chromebook', 'Kindle', 'Alexa',
  'ChatGPT', 'Copilot', 'GitHub Copilot', 'Gmail', 'Google Maps', 'Google Docs', 'Google Chrome', 'Chrome', 'Firefox',
  'Safari', 'Microsoft Edge', 'Photoshop', 'Excel', 'Microsoft Word', 'PowerPoint', 'Outlook', 'Slack', 'Zoom', 'Figma',
  'Notion', 'Dropbox', 'Spotify', 'Netflix', 'YouTube', 'Instagram', 'WhatsApp', 'TikTok', 'Snapchat', 'Threads',
  'Xbox', 'PlayStation', 'Nintendo Switch', 'Cybertruck', 'Walkman', 'ThinkPad', 'Surface', 'Galaxy', 'Raspberry Pi',
  'Visual Studio Code', 'VS Code', 'Xcode', 'IntelliJ IDEA', 'Stripe Checkout', 'Siri', 'Cortana', 'Bard',
];
