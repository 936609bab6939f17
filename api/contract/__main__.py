"""`python -m api.contract`: print the published document."""

import json
import sys

from api.contract.document import document


def main() -> None:
    sys.stdout.write(json.dumps(document(), indent=2, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
