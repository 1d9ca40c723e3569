from cryptic.cli import main

raise SystemExit(main())
