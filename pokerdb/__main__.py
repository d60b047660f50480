from pokerdb.cli import main

main()
